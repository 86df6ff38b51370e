/// The report's inline stylesheet and script. The script builds each feature's chapter from
/// the data the page carries, when the reader goes there (it comes into view, a link points
/// into it, the page is printed; a small book at once), lists what needs attention, searches
/// and filters over every chapter's data and keeps the filter in the address (so a link
/// shares it). With scripts off, the verdict, the counts and the contents are all there.
enum ReportStyle {
    static let css = """
        :root{--ok:#1a7431;--bad:#b42318;--warn:#8a4b00;--skip:#4f5b67;--amb:#6e2a80;--line:#d0d7de;--soft:#f6f8fa;--link:#0b57b0}
        *{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
        body{font:16px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:0;color:#1b1f24;background:#fff;overflow-wrap:anywhere}
        a{color:var(--link)}a:focus,summary:focus,input:focus,select:focus{outline:3px solid #f0b400;outline-offset:2px}
        header{padding:20px 24px 12px;border-bottom:1px solid var(--line);max-width:1400px;margin:0 auto}
        .kicker{margin:0;color:var(--skip);text-transform:uppercase;letter-spacing:.06em;font-size:13px}h1{margin:.1em 0 .2em;font-size:30px}
        .verdict{font-size:20px;font-weight:600;margin:.4em 0;padding:10px 14px;border-radius:8px;border-left:6px solid var(--bad);background:#fdf0ef}
        .verdict.good{border-left-color:var(--ok);background:#eef8f0}
        .cards{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0;padding:0}.card{border:1px solid var(--line);border-radius:8px;padding:8px 12px;min-width:110px;margin:0}
        .card dt{font-size:13px;color:var(--skip)}.card dd{margin:0;font-size:22px;font-weight:700}.card dd.muted{font-size:13px;font-weight:400}
        .muted{color:var(--skip)}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .bar{display:flex;height:10px;border-radius:5px;overflow:hidden;background:var(--soft);margin:6px 0;max-width:520px}
        .bar span{display:block;height:100%}.bar .passed{background:var(--ok)}.bar .failed,.bar .unknown{background:var(--bad)}
        .bar .undefined,.bar .pending{background:var(--warn)}.bar .ambiguous{background:var(--amb)}.bar .skipped,.bar .not-run{background:#9aa5b1}
        .trend figcaption{font-size:13px;color:var(--skip)}.trend svg{max-width:100%;height:auto}.trend-values{font-size:13px}.scope{background:var(--soft);border-left:4px solid #f0b400;padding:6px 10px;margin:8px 0}.trend-values table{width:auto}.legend{list-style:none;padding:0;margin:0;display:flex;gap:16px;font-size:13px}
        .legend .pass::before{content:"━ ";color:var(--ok)}.legend .cov::before{content:"┅ ";color:#1f5fbf}
        .layout{display:flex;max-width:1400px;margin:0 auto;align-items:flex-start}
        nav{flex:0 0 300px;position:sticky;top:0;max-height:100vh;overflow:auto;padding:12px 16px;border-right:1px solid var(--line);font-size:14px}
        nav summary{font-weight:700;cursor:pointer}.tree,.tree ul{list-style:none;padding-left:12px;margin:4px 0}.tree>li{padding-left:0}
        .tree .rule>span{color:var(--skip);font-style:italic}.tree .bar{height:6px;max-width:200px}
        .st{text-decoration:none}.dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px;background:#9aa5b1}
        .st.passed .dot{background:var(--ok)}.st.failed .dot,.st.unknown .dot{background:var(--bad)}.st.undefined .dot,.st.pending .dot{background:var(--warn)}.st.ambiguous .dot{background:var(--amb)}
        main{flex:1;min-width:0;padding:12px 24px 48px}
        #attention{border:1px solid var(--line);border-radius:8px;padding:4px 16px 8px;margin:8px 0 16px}#attention h2{border:0;margin:.4em 0}
        .attention{padding-left:20px}.attention li{margin:4px 0}.attention .why{font:13px/1.4 monospace;color:var(--bad);overflow-wrap:anywhere}
        [id]{scroll-margin-top:var(--bar,72px)}
        .filters{position:sticky;top:0;background:var(--soft);border:1px solid var(--line);border-radius:8px;padding:8px 12px;display:flex;gap:8px 14px;flex-wrap:wrap;align-items:center;z-index:1}
        .filters fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px}.filters .grow{flex:1 1 200px}
        .filters input[type=search]{width:100%;padding:6px 8px;font:inherit}.filters select{max-width:100%;font:inherit;padding:4px}
        h2{border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:1.6em}.folder{font:600 14px monospace;color:var(--skip);margin:2em 0 0}
        .kw{font-weight:700}.desc{white-space:pre-wrap;color:#343b43}.background{margin:8px 0;color:#343b43}
        .rule{margin:12px 0 12px 4px;border-left:3px solid var(--line);padding-left:14px}
        article.sc{border:1px solid var(--line);border-left:6px solid #9aa5b1;border-radius:6px;margin:12px 0;padding:4px 14px 8px;
          content-visibility:auto;contain-intrinsic-size:auto 220px}
        article.sc h3,article.sc h4{margin:.5em 0 .2em;font-size:17px}article.passed{border-left-color:var(--ok)}
        article.failed,article.unknown{border-left-color:var(--bad)}article.undefined,article.pending{border-left-color:var(--warn)}article.ambiguous{border-left-color:var(--amb)}
        .tag{font:12px monospace;background:#eef1f4;border-radius:4px;padding:1px 5px;margin-left:4px}
        .b{display:inline-block;font-size:12px;border-radius:10px;padding:1px 8px;color:#fff;background:var(--skip);font-weight:600;vertical-align:middle}
        .b.passed,.b.verified{background:var(--ok)}.b.failed,.b.unknown,.b.missing{background:var(--bad)}.b.pending,.b.undefined,.b.unverified{background:var(--warn)}
        .b.ambiguous{background:var(--amb)}.b.mark{background:#1f5fbf}
        ol.steps{list-style:none;padding-left:4px;margin:6px 0}ol.steps li{margin:3px 0;padding-left:1.4em;text-indent:-1.4em}
        ol.steps li::before{display:inline-block;width:1.4em;text-indent:0}ol.steps b{font-weight:700}
        ol.steps li.passed::before,ol.steps.run li:not([class])::before{content:"✔";color:var(--ok)}
        ol.steps li.failed::before,ol.steps li.unknown::before,ol.steps li.ambiguous::before{content:"✘"}
        ol.steps li.undefined::before,ol.steps li.pending::before{content:"?"}ol.steps li.skipped::before{content:"–"}
        li.failed,li.unknown{color:var(--bad)}li.undefined,li.pending{color:var(--warn)}li.ambiguous{color:var(--amb)}li.skipped{color:var(--skip)}
        .scroll{overflow-x:auto;max-width:calc(100% - 20px);margin:4px 0 4px 20px}table{border-collapse:collapse;max-width:100%}
        td,th{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top;overflow-wrap:break-word;word-break:normal}td .long,th .long,td code,td pre{overflow-wrap:anywhere}th{background:var(--soft)}
        pre{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:6px 8px;margin:4px 0 4px 20px;white-space:pre-wrap;overflow-wrap:anywhere;color:#1b1f24}
        pre.error{color:var(--bad)}.note{margin:2px 0 2px 20px;font-style:italic}.examples h5{margin:10px 0 2px 20px;font-size:15px}
        details.dev,.developer{margin:4px 0 4px 20px}.developer{margin:32px 0 0;border-top:1px solid var(--line);padding-top:8px}
        .developer>summary,details.dev>summary{cursor:pointer;color:var(--skip)}.attachments{margin-left:20px}.after{margin-top:6px}
        .links{margin:8px 0 0}.unlinked{columns:2 320px}code{overflow-wrap:anywhere}
        [hidden]{display:none!important}
        @media (max-width:600px){td,th{padding:2px 3px;font-size:12px}.scroll{margin-left:0;max-width:100%}pre{margin-left:0}.matrix tr{display:block;border-bottom:1px solid var(--line)}.matrix td,.matrix th{display:inline-block;border:0}}
        @media (max-width:1000px){.layout{display:block}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid var(--line)}nav details:not([open]){}main{padding:12px}header{padding:16px 12px}}
        @media print{nav,.filters{display:none!important}article.sc{content-visibility:visible}.layout{display:block}body{font-size:12px}article.sc,.examples{break-inside:avoid}
          section.feature{break-before:page}details>*{display:block!important}details:not([open])>summary~*{display:block!important}
          .scroll{overflow:visible}a{color:inherit;text-decoration:none}}
        """

    static let script = """
        (function(){
          // The page's first data is small at any size; each chapter's file and anchor come once it is read (`late`).
          var book=JSON.parse(document.getElementById('book-data').textContent),L=book.labels,chapters=[],late=null;
          var byAnchor={},data=[],built=[],index=[],match=null,total=book.total,loading=true,wanted=null,io=null;
          function section(i){return document.getElementById('f-'+chapters[i][1]);}
          // A chapter's data, or null while the page is still reading it.
          function load(i){
            if(data[i])return data[i];var el=document.getElementById('c-'+i);
            return el&&(!loading||el.nextSibling)?(data[i]=JSON.parse(el.textContent)):null;
          }
          function badge(s){return '<span class="b '+s+'">'+(L.status[s]||s)+'</span>';}
          function tags(list){return (list||[]).map(function(t){return ' <span class="tag">'+t+'</span>';}).join('');}
          function step(st){
            var s=st[2],h=s?'<li class="'+s+'"><span class="sr">'+L.status[s]+': </span>':'<li>';
            return h+'<b>'+st[0]+'</b>'+st[1]+(st[3]||'')+'</li>';
          }
          function article(i,sc,k,heading){
            var s=book.dry?'not-run':(sc.s||'passed');
            var h='<article class="sc '+s+'" id="s-'+chapters[i][1]+'-'+sc.l+'" data-status="'+s+'" data-k="'+k+'">';
            h+='<'+heading+'><span class="kw">'+sc.k+':</span> '+sc.n+' '+badge(s);
            if(sc.v===1)h+=' <span class="b verified">\\u2714 '+L.covered+'</span>';
            else if(sc.v===0)h+=' <span class="b unverified">'+L.notCovered+'</span>';
            (sc.m||[]).forEach(function(m){h+=' <span class="b mark">'+m+'</span>';});
            h+='</'+heading+'><p class="muted">'+L.line+' '+sc.l+tags(sc.t)+'</p>'+(sc.d?'<p class="desc">'+sc.d+'</p>':'');
            h+='<ol class="steps'+(sc.x||book.dry?'':' run')+'">'+(sc.p||'')+sc.st.map(step).join('')+'</ol>';
            return h+(sc.a||'')+(sc.x||'')+(sc.ln||'')+'</article>';
          }
          // A chapter is built once, when the reader goes there; false while its data is still being read.
          function build(i){
            if(built[i])return true;var d=load(i);if(!d)return false;built[i]=true;
            var k=0,h=d.bg||'';
            d.i.forEach(function(it){
              if(it.r===undefined){h+=article(i,it,k++,'h3');return;}
              h+='<section class="rule">'+it.r;it.c.forEach(function(sc){h+=article(i,sc,k++,'h4');});h+='</section>';
            });
            var body=document.createElement('div'),s=section(i);body.className='chapter';body.innerHTML=h;s.appendChild(body);
            if(io)io.unobserve(s);
            if(match)show(i);
            return true;
          }
          function buildAll(){chapters.forEach(function(c,i){build(i);});}
          // A link into the page (a scenario, a feature) builds its chapter before the browser goes there.
          function target(hash){
            var id=decodeURIComponent((hash||'').slice(1)),m=/^s-(.*)-[0-9]+$/.exec(id)||/^f-(.*)$/.exec(id);
            var i=m?byAnchor[m[1]]:undefined;if(i===undefined)return null;
            if(!build(i)){wanted=id;return null;}
            return document.getElementById(id);
          }
          document.addEventListener('click',function(e){
            var a=e.target.closest&&e.target.closest('a[href^="#"]');if(a)target(a.getAttribute('href'));
          },true);

          // What needs attention: its first lines at once, the rest on request once the page is read.
          var list=document.getElementById('attention-list'),pending=[];
          function queue(groups){groups.forEach(function(a){a[2].forEach(function(e){pending.push([a,e]);});});}
          queue(book.attention);
          function attention(n){
            var h='',c,e;
            pending.splice(0,n).forEach(function(p){
              c=p[0];e=p[1];var place=c[0]+':'+e[0];
              // Why it fails (the step and its message) first, the evidence (its tests) second.
              h+='<li data-attention="'+place+'"><a href="#s-'+c[1]+'-'+e[0]+'">'+e[1]+'</a>'+(e[2]?' '+badge(e[2]):'');
              h+=' <span class="muted">'+place+'</span>'+(e[5]?'<div class="why">'+e[5]+'</div>':'');
              h+=e[3]?'<div class="evidence"><span class="b unverified">'+L.notCovered+'</span>'+(e[4]?' <span class="muted">('+e[4]+')</span>':'')+'</div>':'';
              h+='</li>';
            });
            list.insertAdjacentHTML('beforeend',h);
            var more=document.getElementById('more'),left=book.attentionCount-list.children.length;
            if(left>0&&!more){
              list.insertAdjacentHTML('afterend','<p><button type="button" id="more"></button></p>');
              more=document.getElementById('more');
              more.addEventListener('click',function(){if(late){if(!late.queued){late.queued=true;queue(late.attention);}attention(pending.length);}});
            }
            if(more){if(left>0){more.textContent=L.showAll.replace('{n}',book.attentionCount);more.disabled=!late;}else more.parentNode.remove();}
          }
          if(list)attention(200);

          // The traceability matrix, put in when the developer detail is opened (or the page printed).
          var matrix=false;
          function row(i,r){
            return '<tr><td>'+r[0]+'<div class="muted"><span class="long">'+chapters[i][0]+':'+r[1]+'</span></div></td><td>'
              +(r[2].length?r[2].map(function(l){return '<code>'+l[0]+'</code>';}).join('<br>'):'\\u2014')+'</td><td>'+(r[3]||'\\u2014')
              +'</td><td>'+r[2].map(function(l){return badge(l[1]);}).join(' ')+'</td><td>'+badge(r[4])+'</td><td>'
              +(r[5]?'\\u2714 '+L.covered:'\\u2718 '+L.notCovered+(r[6]?': '+r[6]:''))+'</td></tr>';
          }
          function buildMatrix(){
            if(matrix||loading)return;matrix=true;var h='';
            chapters.forEach(function(c,i){(load(i).mx||[]).forEach(function(r){h+=row(i,r);});});
            document.getElementById('matrix').innerHTML=h;
          }
          function printing(){buildAll();buildMatrix();var more=document.getElementById('more');if(more&&late)more.click();}
          window.addEventListener('beforeprint',printing);
          if(window.matchMedia)window.matchMedia('print').addListener(function(m){if(m.matches)printing();});

          // Search and filters, over every chapter's data: a chapter is built only when shown.
          var form=document.querySelector('.filters'),q=document.getElementById('q'),t=document.getElementById('tag');
          var boxes=[].slice.call(form.querySelectorAll('input[type=checkbox]')),count=document.getElementById('shown');
          function plain(s){return s.replace(/<[^>]*>/g,' ').replace(/[\\u2066-\\u2069\\u202a-\\u202e]/g,'');}
          function esc(s){return s.replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/>/g,'&gt;').replace(/"/g,'&quot;').replace(/'/g,'&#39;');}
          function indexOf(i){
            if(index[i])return index[i];var d=load(i),out=[];
            function add(sc,rule){
              var all=(d.t||[]).concat(rule&&rule.t||[],sc.t||[],sc.et||[]).map(plain);
              var text=[sc.n,sc.k,L.line+' '+sc.l,sc.ln||'',sc.x||''].concat(all,sc.st.map(function(s){return s[0]+s[1]+' '+(s[3]||'');}));
              out.push({s:book.dry?'not-run':(sc.s||'passed'),tags:all,text:plain(text.join(' ')).toLowerCase()});
            }
            d.i.forEach(function(it){if(it.r===undefined)add(it,null);else it.c.forEach(function(sc){add(sc,it);});});
            return index[i]=out;
          }
          function show(i){
            var m=match&&match[i],s=section(i);
            [].forEach.call(s.querySelectorAll('article.sc'),function(a){a.hidden=m?!m[+a.getAttribute('data-k')]:false;});
            [].forEach.call(s.querySelectorAll('section.rule'),function(r){r.hidden=!r.querySelector('article.sc:not([hidden])');});
          }
          function read(){
            var p=new URLSearchParams(location.hash.slice(1));
            q.value=p.get('q')||'';t.value=p.get('tag')||'';
            var hide=(p.get('hide')||'').split(',');
            boxes.forEach(function(b){b.checked=hide.indexOf(b.value)<0;});
          }
          function write(){
            var p=new URLSearchParams();
            if(q.value)p.set('q',q.value);if(t.value)p.set('tag',t.value);
            var hide=boxes.filter(function(b){return !b.checked;}).map(function(b){return b.value;});
            if(hide.length)p.set('hide',hide.join(','));
            var s=p.toString();history.replaceState(null,'',s?'#'+s:location.pathname+location.search);
          }
          function apply(){
            if(loading)return;
            var text=plain(esc(q.value)).toLowerCase(),tag=plain(esc(t.value)),on={},shown=0;
            boxes.forEach(function(b){on[b.value]=b.checked;});
            var active=text||tag||boxes.some(function(b){return !b.checked;});
            match=active?[]:null;
            chapters.forEach(function(c,i){
              var s=section(i);
              if(!active){s.hidden=false;if(built[i])show(i);return;}
              var m=indexOf(i).map(function(x){
                return on[x.s]!==false&&(!tag||x.tags.indexOf(tag)>=0)&&(!text||x.text.indexOf(text)>=0);
              });
              match[i]=m;var n=m.filter(Boolean).length;shown+=n;s.hidden=n===0;if(built[i])show(i);
            });
            count.textContent=active?L.shown.replace('{n}',shown).replace('{m}',total):'';
          }
          function changed(){write();apply();}
          q.addEventListener('input',changed);t.addEventListener('change',changed);
          boxes.forEach(function(b){b.addEventListener('change',changed);});
          form.addEventListener('submit',function(e){e.preventDefault();});
          form.hidden=false;
          // On a phone the contents fold away, so that the book starts on the first screen.
          if(window.innerWidth<700){var c=document.querySelector('nav details');if(c)c.open=false;}

          // Once every chapter's data is read: a small book is built whole, a large one builds what
          // is on screen and where a link points, and the rest as the reader scrolls to it.
          // A large book's contents list folders: a folder's features are put in when it is opened.
          function folder(d){
            var ul=d.querySelector('ul');if(!late||!late.folders||ul.children.length)return;
            ul.innerHTML=late.folders[+d.getAttribute('data-folder')];
          }
          [].forEach.call(document.querySelectorAll('nav details[data-folder]'),function(d){
            d.querySelector('summary').addEventListener('click',function(){folder(d);});
          });
          function ready(){
            loading=false;late=JSON.parse(document.getElementById('book-late').textContent);chapters=late.chapters;
            chapters.forEach(function(c,i){byAnchor[c[1]]=i;});
            if(late.tags)t.insertAdjacentHTML('beforeend',late.tags.map(function(x){return '<option>'+x+'</option>';}).join(''));
            [].forEach.call(document.querySelectorAll('nav details[data-folder][open]'),folder);
            if(list)attention(0);
            if('IntersectionObserver' in window&&!book.eager){
              io=new IntersectionObserver(function(seen){
                seen.forEach(function(e){if(e.isIntersecting)build(+e.target.getAttribute('data-c'));});
              },{rootMargin:'1200px 0px'});
              for(var i=0;i<Math.min(2,chapters.length);i++)build(i);
              chapters.forEach(function(c,i){if(!built[i])io.observe(section(i));});
            }else buildAll();
            var dev=document.getElementById('developer');
            dev.addEventListener('toggle',function(){if(dev.open)buildMatrix();});
            if(dev.open)buildMatrix();
            if(/[?&#](q|tag|hide)=/.test(location.hash)){read();apply();}
            else if(q.value||t.value||boxes.some(function(b){return !b.checked;}))apply();
            // A followed link leaves its heading below the sticky filter bar, whatever the bar's height.
            function barHeight(){var f=document.querySelector('.filters');
              if(f)document.documentElement.style.setProperty('--bar',(f.offsetHeight+12)+'px');}
            barHeight();window.addEventListener('resize',barHeight);
            var el=wanted?target('#'+wanted):location.hash?target(location.hash):null;
            if(el)el.scrollIntoView();
            window.addEventListener('hashchange',function(){
              if(/(q|tag|hide)=/.test(location.hash)){read();apply();}else{var el=target(location.hash);if(el)el.scrollIntoView();}
            });
          }
          if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',ready);else ready();
        })();
        """
}

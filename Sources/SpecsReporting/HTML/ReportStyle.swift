/// The report's inline stylesheet and script. The script only filters what the page
/// already shows and keeps the filter in the address (so a link shares it): with
/// scripts off, the whole book is readable.
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
        .attention{padding-left:20px}.attention li{margin:4px 0}
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
        @media (max-width:600px){td,th{padding:2px 4px;font-size:13px}pre{margin-left:0}.matrix tr{display:block;border-bottom:1px solid var(--line)}.matrix td,.matrix th{display:inline-block;border:0}}
        @media (max-width:1000px){.layout{display:block}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid var(--line)}nav details:not([open]){}main{padding:12px}header{padding:16px 12px}}
        @media print{nav,.filters{display:none!important}article.sc{content-visibility:visible}.layout{display:block}body{font-size:12px}article.sc,.examples{break-inside:avoid}
          section.feature{break-before:page}details>*{display:block!important}details:not([open])>summary~*{display:block!important}
          .scroll{overflow:visible}a{color:inherit;text-decoration:none}}
        """

    static let script = """
        (function(){
          var form=document.querySelector('.filters'),q=document.getElementById('q'),t=document.getElementById('tag');
          var boxes=[].slice.call(form.querySelectorAll('input[type=checkbox]'));
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
            var text=q.value.toLowerCase(),tag=t.value,on={};
            boxes.forEach(function(b){on[b.value]=b.checked;});
            document.querySelectorAll('article.sc').forEach(function(a){
              var ok=on[a.getAttribute('data-status')]!==false;
              if(ok&&tag){ok=[].some.call(a.querySelectorAll('.tag'),function(s){return s.textContent===tag;});}
              if(ok&&text){ok=a.textContent.toLowerCase().indexOf(text)>=0;}
              a.hidden=!ok;
            });
            document.querySelectorAll('section.rule,section.feature').forEach(function(s){
              s.hidden=!s.querySelector('article.sc:not([hidden])');
            });
          }
          function changed(){write();apply();}
          if(/[?&#](q|tag|hide)=/.test(location.hash)){read();apply();}
          q.addEventListener('input',changed);t.addEventListener('change',changed);
          boxes.forEach(function(b){b.addEventListener('change',changed);});
          window.addEventListener('hashchange',function(){if(/(q|tag|hide)=/.test(location.hash)){read();apply();}});
          form.addEventListener('submit',function(e){e.preventDefault();});
          form.hidden=false;
          // On a phone the contents fold away, so that the book starts on the first screen.
          if(window.innerWidth<700){var c=document.querySelector('nav details');if(c)c.open=false;}
        })();
        """
}

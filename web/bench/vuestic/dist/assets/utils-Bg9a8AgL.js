const t=(e=0)=>new Promise(s=>setTimeout(s,e)),r={email:e=>/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)||"Please enter a valid email address",required:e=>!!e||"This field is required"};export{t as s,r as v};
//# sourceMappingURL=utils-Bg9a8AgL.js.map
